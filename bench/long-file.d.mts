// Types for the growth check's generated file (plain JavaScript, so `npm run bench` needs no build of its own).
/** The module the long file imports its shared tables from (written beside it as `glossary.ts`). */
export declare const LONG_FILE_GLOSSARY: string;
/** A tool module of `units` identical units, each with its own schemas, fallback, handler and registration. */
export declare function longToolModule(units: number): { text: string; lines: number };
