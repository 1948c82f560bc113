// A desktop notification through the terminal the person sits at (as term/clipboard.ts copies):
// OSC 777 for VTE, foot, WezTerm and urxvt, OSC 9 for iTerm2, kitty, ghostty and Windows Terminal,
// a bell elsewhere; inside tmux wrapped in its passthrough. The text is service data: every
// control character is removed, so a title can neither end the sequence nor start another one.

export type NotificationSetting = 'off' | 'bell' | 'desktop';
export type NotificationStyle = 'osc9' | 'osc777' | 'bell';

export type TermEnv = Readonly<Record<string, string | undefined>>;

/** Longest notification body sent (terminals cut or refuse long ones). */
export const NOTIFICATION_MAX = 180;

/** How the terminal in `env` shows a notification (inside tmux: the terminal tmux runs in, as far as its environment tells). */
export function notificationStyle(env: TermEnv): NotificationStyle {
  const program = env.TERM_PROGRAM ?? '';
  const term = env.TERM ?? '';
  if (program === 'iTerm.app' || env.LC_TERMINAL === 'iTerm2') return 'osc9';
  if (program === 'ghostty' || term === 'xterm-ghostty' || env.GHOSTTY_RESOURCES_DIR) return 'osc9';
  if (term === 'xterm-kitty' || env.KITTY_WINDOW_ID) return 'osc9';
  if (env.WT_SESSION) return 'osc9';
  if (program === 'WezTerm' || env.WEZTERM_PANE) return 'osc777';
  if (env.VTE_VERSION || term.startsWith('foot') || term.startsWith('rxvt')) return 'osc777';
  return 'bell';
}

/** One line of plain text for a notification: no control characters (C0, DEL, C1), no BiDi or invisible ones, at most `max` characters. */
export function notificationText(text: string, max = NOTIFICATION_MAX): string {
  const plain = text
    // C0, DEL and C1 controls (ESC, BEL, CSI…), then BiDi controls and invisible characters.
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/[\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2069\ufeff\u00ad]|[\u{e0000}-\u{e007f}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...plain];
  return chars.length <= max ? plain : `${chars.slice(0, max - 1).join('')}…`;
}

/** Wraps a sequence for tmux's passthrough (every ESC inside doubled); as it is outside tmux. */
export function throughTmux(sequence: string, env: TermEnv): string {
  if (!env.TMUX) return sequence;
  return `\x1bPtmux;${sequence.replace(/\x1b/g, '\x1b\x1b')}\x1b\\`;
}

/** The bytes that show `title` and `body` as a notification, or '' when the setting is off. */
export function notificationSequence(setting: NotificationSetting, title: string, body: string, env: TermEnv): string {
  if (setting === 'off') return '';
  const style = setting === 'bell' ? 'bell' : notificationStyle(env);
  if (style === 'bell') return '\x07';
  // OSC 777 separates its fields with ';': a title holding one would move the rest into the body.
  const head = notificationText(title, 60);
  const text = notificationText(body);
  const sequence = style === 'osc777' ? `\x1b]777;notify;${head.replace(/;/g, ',')};${text}\x07` : `\x1b]9;${notificationText(`${head}: ${text}`)}\x07`;
  return throughTmux(sequence, env);
}

/** Writes a notification to the terminal (nothing when the setting is off). */
export function notifyTerminal(setting: NotificationSetting, title: string, body: string, out: NodeJS.WritableStream = process.stdout, env: TermEnv = process.env): void {
  const sequence = notificationSequence(setting, title, body, env);
  if (sequence !== '') out.write(sequence);
}
