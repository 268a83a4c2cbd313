import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  plugins: [svelte()],
  // Relative asset paths: the same build is served by `qisai serve` and embedded by Tauri.
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  test: { include: ['src/**/*.test.ts'], environment: 'node' },
});
