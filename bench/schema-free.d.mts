// Types for the bench's textual file classes (plain JavaScript, so `npm run bench` needs no build of its own).
/** True when the text spells nothing a schema, schema library, enum or glossary table is written with. */
export declare function namesNoSchema(text: string): boolean;
/** Distinct relative specifiers a file imports, re-exports or dynamically imports from. */
export declare function relativeImportCount(text: string): number;
