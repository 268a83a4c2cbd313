import { mount } from 'svelte';
import App from './App.svelte';
import Display from './screens/Display.svelte';
import Arbiter from './screens/Arbiter.svelte';
import './app.css';

const started = performance.now();
const target = document.getElementById('app')!;
// `qisai serve` answers every page with this one: the path says which it is.
const path = window.location.pathname.replace(/\/+$/, '');
if (path === '/display') {
  mount(Display, { target });
} else if (path === '/arbiter') {
  mount(Arbiter, { target });
} else {
  mount(App, { target, props: { started } });
}
