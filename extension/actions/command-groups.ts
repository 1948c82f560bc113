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
