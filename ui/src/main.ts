import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';

const started = performance.now();
mount(App, { target: document.getElementById('app')!, props: { started } });
