import { describe, expect, it } from 'vitest';
import { lintFile, writeProject } from './disk-project.js';

// A JSON module inside the project is read (a schema or a table may live there), but what it holds
// may be what a CI log must not show: its values decide findings and are never quoted, in a message
// or in a suggestion's text.
describe('values from data files are never quoted', () => {
  const root = writeProject({
    'src/schema.json': JSON.stringify({ type: 'object', properties: { SECRET_KEY: { type: 'SECRET-TYPE' } }, required: ['SECRET-NAME'] }),
    'src/regions.json': JSON.stringify({ values: ['SECRET-REGION-1', 'SECRET-REGION-2'] }),
  });

  it('reports a schema read from a JSON module by its file and the kind of problem only', () => {
    const tool = "import schema from './schema.json';\nexport const tool = { name: 'lookup', inputSchema: schema };\n";
    const messages = lintFile(root, 'src/tool.ts', tool);
    expect(messages.map(({ messageId, line, column, message }) => ({ messageId, line, column, message }))).toEqual([
      {
        messageId: 'invalidInDataFile',
        line: 2,
        column: 52,
        message:
          'The schema read from the data file `./schema.json` has a keyword with a value it does not allow: open the file to fix it (what a data file holds is never quoted in lint output).',
      },
    ]);
    expect(JSON.stringify(messages)).not.toContain('SECRET');
  });

  it('offers no suggestion that would write a JSON table\'s values into the code: only one with code that reads them', () => {
    const tool = "import { z } from 'zod';\nimport regions from './regions.json';\nserver.registerTool('launch', { inputSchema: { region: z.enum(regions.values) } }, launch);\n";
    const messages = lintFile(root, 'src/tool.ts', tool, 'strict');
    expect(messages.map(({ messageId, line, suggestions }) => ({ messageId, line, text: suggestions?.map((suggestion) => suggestion.fix.text) }))).toEqual([
      { messageId: 'unmarkedTableEnum', line: 3, text: ["string().describe(`One of: ${regions.values.join(', ')}.`)"] },
    ]);
    expect(JSON.stringify(messages)).not.toContain('SECRET');
  });
});
