// The wsc.runAction command pick: list_capabilities grouped by risk (read, write, admin, destructive),
// interactive-only commands left out, with the words that say what each risk means.
import type { Capability, CommandRisk } from '../../shared/index';

const RISK_ORDER: readonly CommandRisk[] = ['read', 'write', 'admin', 'destructive'];

export const RISK_LABELS: Record<CommandRisk, string> = {
  read: 'Read: changes nothing',
  write: 'Write: changes workspace content',
  admin: 'Admin: needs an admin role and the workspace:admin scope',
  destructive: 'Destructive: permanent; asks for the exact confirmation phrase',
};

export interface CommandGroup {
  risk: CommandRisk;
  commands: Capability[];
}

export function groupCapabilities(commands: readonly Capability[]): CommandGroup[] {
  return RISK_ORDER.map((risk) => ({
    risk,
    commands: commands.filter((c) => c.risk === risk && !c.interactiveOnly).sort((a, b) => a.name.localeCompare(b.name)),
  })).filter((g) => g.commands.length > 0);
}

export function isReadCommand(cap: Capability): boolean {
  return cap.risk === 'read';
}

const ACRONYMS: Record<string, string> = { id: 'ID', ids: 'IDs', pr: 'PR', prs: 'PRs', url: 'URL', api: 'API', dm: 'DM', dms: 'DMs', mcp: 'MCP', env: 'env', ai: 'AI' };

/** A command's name as a person reads it: `get_native_artifact` → "Get native artifact", `link_pr` → "Link PR". */
export function commandTitle(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-\s.]+/)
    .filter(Boolean)
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase());
  const text = words.join(' ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : name;
}
