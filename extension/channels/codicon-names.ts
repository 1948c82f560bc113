// The codicon ids VS Code can draw (from @vscode/codicons, bundled at build time). A room icon
// such as `icon:handshake` that is not one of them would leave an empty icon column.
import mapping from '@vscode/codicons/src/template/mapping.json';

const NAMES: ReadonlySet<string> = new Set(Object.values(mapping as Record<string, string[]>).flat());

export function isCodicon(name: string): boolean {
  return NAMES.has(name);
}
