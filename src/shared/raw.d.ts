// Prompt templates are imported as text at build time (Vite's ?raw), so the pure core reads no files.
declare module '*?raw' {
  const text: string;
  export default text;
}
