import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // The manifest lets the bench (test/bench/benches/public-pages.ts) add up what each route loads.
  build: { target: 'es2022', sourcemap: true, manifest: true },
});
