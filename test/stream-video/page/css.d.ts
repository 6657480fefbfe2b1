// call-page.ts bundles the page's stylesheet imports with esbuild's css loader: an import of a .css file is for its side effect.
declare module '*.css';
