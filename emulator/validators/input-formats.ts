// The string formats the command input schemas use (shared/contract/command-inputs.ts). The
// validators compiled at run time register them, and the ones generated at build time import this
// file for them, so both check a format with the same function.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

export const INPUT_FORMATS = {
  uuid: UUID,
  email: EMAIL,
  'https-url': { validate: isHttpsUrl },
  'date-time': { validate: (v: string) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v) },
};
