/// <reference types="vite/client" />

/** The contract's messages in one language, by key (vite.config.ts, messagesByLanguage). */
declare module 'virtual:messages/*' {
  const texts: Record<string, string>;
  export default texts;
}
