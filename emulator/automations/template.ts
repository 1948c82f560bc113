// Renders post_message / ask_agent templates. Only {{author}}, {{text}} and {{channel}} are
// variables; any other {{...}} stays as written so a typo is visible instead of vanishing.
export interface TemplateContext {
  author: string;
  text: string;
  channel: string;
}

const VARIABLE = /\{\{\s*(author|text|channel)\s*\}\}/g;

export function renderTemplate(template: string, context: TemplateContext): string {
  return template.replace(VARIABLE, (_all, name: keyof TemplateContext) => context[name]);
}
