/** Source texts shared by the tool check tests (each check's cases are in test/validate/checks/<check-id>.test.ts). */
import { toolSource } from '../../helpers.js';

export const desc = "description: 'Sets the font family of a text node.'";
export const ok = (name: string) => toolSource(`name: '${name}', ${desc}, mutates: true, params: {}`);
export const at = { file: 'tools/tool.ts', line: 3, column: 18 };
/** Where a finding about the tool's name points: the `name` property's value in the toolSource line, not the defineTool( call. */
export const atName = (fields: string) => ({ ...at, column: toolSource(fields).split('\n')[2]!.indexOf("name: '") + 'name: '.length + 1 });
/** Where a finding about `param` points: the param's own property in the toolSource line. */
export const atParam = (fields: string, param: string) => ({
  ...at,
  column: toolSource(fields).split('\n')[2]!.indexOf(`${param}: {`) + 1,
});
