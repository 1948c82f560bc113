// `wsc doctor`: is this service one wsc can work with? Compares every field, envelope and command
// the client relies on with the service's own OpenAPI document and list_capabilities.
import { checkServiceCompatibility } from '../shared/index';
import { noExtraPositionals, parseArgs } from './args';
import { withClient } from '../term/connect';
import { EXIT } from './exit-codes';
import { createOutput, safe, term } from './output';

export async function runDoctor(argv: string[]): Promise<number> {
  const args = parseArgs('doctor', argv);
  noExtraPositionals(args, 0, 'doctor');
  const out = createOutput();
  return withClient(args, async ({ client }) => {
    const report = await checkServiceCompatibility(client, { fresh: true });
    if (args.json) {
      out.json({ url: client.baseUrl, ...report });
    } else {
      // Without a name in GET /api the report names the service by its URL: say the URL once.
      const named = report.service !== client.baseUrl;
      out.line(named ? term`Service: ${safe(report.service)} · ${safe(client.baseUrl)}` : term`Service: ${safe(client.baseUrl)} (GET /api gives no name)`);
      for (const f of report.findings) out.line(term`${f.ok ? term`✓` : term`✗`} ${safe(f.subject)}: ${safe(f.detail)}`);
      out.line(
        report.problems === 0
          ? term`All ${report.findings.length} checks passed: wsc can work with this service.`
          : term`${report.problems} of ${report.findings.length} checks found a difference; the lines marked ✗ say what will not work.`,
      );
    }
    return report.problems === 0 ? 0 : EXIT.unavailable;
  });
}
