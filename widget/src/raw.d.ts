/** `import css from './x.css?raw'`: the file's text (minified by the widget build, as-is in Vite). */
declare module '*.css?raw' {
  const text: string;
  export default text;
}
