// `wsc completion bash|zsh|fish`: a completion script for the shell, printed to stdout. Commands,
// sub-verbs and flags are read from the usage texts, so completion and help never disagree.
import { CliError, usageError } from '../term/cli-error';
import { USAGES } from './help';

const COMMON_FLAGS = ['--json', '--url', '--profile', '--help'];
const EXTRA_COMMANDS = ['help', 'completion', 'version'];
const SHELLS = ['bash', 'zsh', 'fish'] as const;

export interface CompletionWords {
  commands: string[];
  /** Per command: its sub-verbs (task list|show…, doc get…) and its flags. */
  verbs: Record<string, string[]>;
  flags: Record<string, string[]>;
}

export function completionWords(): CompletionWords {
  const verbs: Record<string, string[]> = {};
  const flags: Record<string, string[]> = {};
  for (const [command, usage] of Object.entries(USAGES)) {
    if (command === 'completion') continue;
    const forms = [...usage.matchAll(new RegExp(`wsc ${command} ([a-z][a-z-]*)`, 'g'))].map((m) => m[1] as string);
    verbs[command] = [...new Set(forms)];
    flags[command] = [...new Set([...(usage.match(/--[a-z][a-z-]*/g) ?? []), ...(command === 'serve' ? ['--help'] : COMMON_FLAGS)])];
  }
  verbs.completion = [...SHELLS];
  flags.completion = [];
  return { commands: [...Object.keys(USAGES), ...EXTRA_COMMANDS.filter((c) => !(c in USAGES))], verbs, flags };
}

function bash(w: CompletionWords): string {
  const cases = w.commands
    .filter((c) => w.flags[c])
    .map((c) => `    ${c}) words="${[...(w.verbs[c] ?? []), ...(w.flags[c] ?? [])].join(' ')}" ;;`)
    .join('\n');
  return `# wsc completion for bash: eval "$(wsc completion bash)" (or save it in ~/.local/share/bash-completion/completions/wsc)
_wsc() {
  local cur=\${COMP_WORDS[COMP_CWORD]} words
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "${w.commands.join(' ')} --demo --version" -- "$cur"))
    return
  fi
  case \${COMP_WORDS[1]} in
${cases}
    help) words="${w.commands.join(' ')}" ;;
    *) words="" ;;
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _wsc wsc
`;
}

function zsh(w: CompletionWords): string {
  return `#compdef wsc
# wsc completion for zsh: eval "$(wsc completion zsh)" after compinit (or save it as _wsc on $fpath)
${bash(w).replace(/^# wsc completion for bash.*\n/, '')}`.replace('complete -o default -F _wsc wsc', 'autoload -U +X bashcompinit && bashcompinit\ncomplete -o default -F _wsc wsc');
}

function fish(w: CompletionWords): string {
  const lines = [`# wsc completion for fish: wsc completion fish > ~/.config/fish/completions/wsc.fish`, 'complete -c wsc -f'];
  lines.push(`complete -c wsc -n __fish_use_subcommand -a '${w.commands.join(' ')}'`);
  for (const c of w.commands) {
    const words = [...(w.verbs[c] ?? []), ...(w.flags[c] ?? [])];
    if (c === 'help') words.push(...w.commands);
    if (words.length > 0) lines.push(`complete -c wsc -n '__fish_seen_subcommand_from ${c}' -a '${words.join(' ')}'`);
  }
  return `${lines.join('\n')}\n`;
}

export async function runCompletion(argv: string[]): Promise<number> {
  const shell = argv[0];
  if (shell === '--help' || shell === '-h') {
    process.stdout.write(`${USAGES.completion ?? ''}\n`);
    return 0;
  }
  const words = completionWords();
  const script = shell === 'bash' ? bash(words) : shell === 'zsh' ? zsh(words) : shell === 'fish' ? fish(words) : null;
  if (script === null) {
    const { reportError } = await import('./output');
    return reportError(usageError(`completion: ${shell === undefined ? 'which shell?' : `'${shell}' is not a shell wsc completes`}`, 'Use wsc completion bash, zsh or fish.') as CliError);
  }
  process.stdout.write(script);
  return 0;
}
