import type { TFunction } from 'i18next';
import type { GreetingTemplate } from '../../../machines/generator.machine';
import { greetingTemplateCount } from '../../../core/contracts/greetings';

/** SPEC §3: the 41 greeting templates in 7 groups, by index range. */
export const templateGroups = [
  { id: 'onSite', first: 1, last: 10 },
  { id: 'afterHours', first: 11, last: 15 },
  { id: 'project', first: 16, last: 21 },
  { id: 'emergency', first: 22, last: 26 },
  { id: 'newProject', first: 27, last: 31 },
  { id: 'repeat', first: 32, last: 36 },
  { id: 'seasonal', first: 37, last: 41 },
] as const;

export type TemplateGroupId = (typeof templateGroups)[number]['id'];

export const templateCount = greetingTemplateCount;

export function groupOf(index: number): TemplateGroupId {
  return (templateGroups.find((group) => index >= group.first && index <= group.last) ?? templateGroups[0]).id;
}

/** The templates in the page's language, read from locales/{lng}/voice.json. */
export function loadTemplates(t: TFunction<'voice'>): GreetingTemplate[] {
  return Array.from({ length: templateCount }, (_, offset) => ({ index: offset + 1, text: t(`templates.${offset + 1}`) }));
}
