/** Which files are tests, which call a tool's execute and approve on purpose. */

/**
 * Whether `file` (a path, `/` separated) is a test: a name such as `notes.test.ts`,
 * `notes.spec.mts` or `notes_test.ts`, or a file under a `__tests__` folder. A test calls a tool's
 * `execute` on purpose, and a model never reaches it. Other files of a `test/` or `e2e/` folder
 * are read: a helper there may be imported by a tool, or run by a package script.
 */
export const isTestFile = (file: string): boolean =>
  /(?:^|[/\\])__tests__[/\\]/.test(file) || /[._-](?:test|spec)\.[cm]?[jt]sx?$/.test(file);
