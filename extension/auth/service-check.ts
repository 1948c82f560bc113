// "Workspace: Check Service Compatibility": the words for a compatibility report (vscode-free, so
// tested alone); extension/auth/index.ts runs it on the command and quietly after each sign-in.
import type { CompatReport } from '../../shared/index';
import { l10n } from '../l10n';

export interface ServiceCheckView {
  /** Everything matched: nothing to show after a quiet check. */
  ok: boolean;
  /** The notification. */
  message: string;
  /** One line per check, for the log. */
  lines: string[];
}

export function describeServiceCheck(report: CompatReport, baseUrl: string): ServiceCheckView {
  const lines = [`Service check: ${report.service} (${baseUrl})`, ...report.findings.map((f) => `${f.ok ? '✓' : '✗'} ${f.subject}: ${f.detail}`)];
  if (report.problems === 0) {
    return { ok: true, message: l10n.t('{0}: all {1} checks passed; this extension can work with it.', report.service, report.findings.length), lines };
  }
  const first = report.findings.find((f) => !f.ok);
  const [subject, detail] = [String(first?.subject), String(first?.detail)];
  const message =
    report.problems > 1
      ? l10n.t('{0} differs from what this extension relies on: {1}: {2} (and {3} more).', report.service, subject, detail, report.problems - 1)
      : l10n.t('{0} differs from what this extension relies on: {1}: {2}.', report.service, subject, detail);
  return { ok: false, message, lines };
}
