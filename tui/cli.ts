// The `wsc` command line: picks a subcommand; each lives in its own module and is loaded lazily
// so that starting one never pays for the others.
const argv = process.argv.slice(2);
const command = argv[0];

async function main(): Promise<number> {
  switch (command) {
    case 'serve': {
      const { runServe } = await import('../emulator/serve');
      return runServe(argv.slice(1));
    }
    case '--version':
    case 'version':
      process.stdout.write('wsc 0.1.0\n');
      return 0;
    default:
      process.stderr.write(`wsc: unknown command '${command ?? ''}'. Try 'wsc serve --demo' to start the local service.\n`);
      return 2;
  }
}

main().then(
  (code) => {
    if (code !== 0 || command !== 'serve') process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`wsc: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
