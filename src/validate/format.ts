import type { MessageData } from './types.js';

/**
 * Fills `{{key}}` placeholders in `template` from `data`. A missing key is left as
 * `{{key}}` so a wrong template is visible instead of silently empty.
 */
export function fillTemplate(template: string, data: MessageData): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (key in data ? String(data[key]) : whole));
}
