/** Fills `{{key}}` placeholders from data, and lists a template's keys. */

/**
 * Fills `{{key}}` placeholders (spaces allowed inside the braces, `key` a word: letters,
 * digits, `_`) in `template` from `data`. A key not in `data` is left as written, so a wrong
 * template is visible instead of silently empty, and text that merely looks like a
 * placeholder survives. Nothing is escaped. Used by validate's messages and by prompt skills.
 */
export function fillTemplate(template: string, data: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (whole, key: string) => (Object.hasOwn(data, key) ? String(data[key]) : whole));
}

/** The keys `template` has placeholders for, as {@link fillTemplate} reads them. */
export function placeholderKeys(template: string): Set<string> {
  return new Set(Array.from(template.matchAll(PLACEHOLDER), (m) => m[1]!));
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
