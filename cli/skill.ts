// `wsc skill install|uninstall [--for claude|codex|gemini]...` and `wsc skill show`: the agent skill
// (cli/skill/SKILL.md, shipped in the CLI package as skill/SKILL.md) put where each coding agent
// looks for user skills (skill-places.ts). Without --for it goes to every agent set up on this
// machine. A SKILL.md that wsc did not write (no marker line) is never replaced or removed.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { CliError, usageError } from '../term/cli-error';
import { noExtraPositionals, parseArgs, type ParsedArgs } from './args';
import { createOutput, safe, safeText, term } from './output';
import SKILL from './skill/SKILL.md';
import { AGENTS, installedSkill, SKILL_MARKER, skillPlace, type Agent, type SkillPlace } from './skill-places';

export async function runSkill(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'install':
      return install(parseArgs('skill install', rest, { strings: ['for'], multiple: ['for'] }));
    case 'uninstall':
      return uninstall(parseArgs('skill uninstall', rest, { strings: ['for'], multiple: ['for'] }));
    case 'show':
      noExtraPositionals(parseArgs('skill show', rest), 0, 'skill show');
      createOutput().write(safeText(SKILL));
      return 0;
    default:
      throw usageError(sub ? `skill: unknown subcommand '${sub}'.` : 'skill: missing the subcommand.', "Use install, uninstall or show; see 'wsc skill --help'.");
  }
}

function chosenAgents(args: ParsedArgs, command: string): Agent[] {
  const named = (args.lists.for ?? []).flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase()).filter((v) => v !== '');
  for (const name of named) {
    if (!(AGENTS as readonly string[]).includes(name)) throw usageError(`${command}: '${name}' is not an agent wsc knows.`, `Use --for ${AGENTS.join('|')} (repeat it for several).`);
  }
  return [...new Set(named as Agent[])];
}

async function readIfThere(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

function places(args: ParsedArgs, command: string): { places: SkillPlace[]; named: boolean } {
  const home = homedir();
  const agents = chosenAgents(args, command);
  if (agents.length > 0) return { places: agents.map((a) => skillPlace(a, home)), named: true };
  return { places: AGENTS.map((a) => skillPlace(a, home)).filter((p) => existsSync(p.agentHome)), named: false };
}

async function install(args: ParsedArgs): Promise<number> {
  noExtraPositionals(args, 0, 'skill install');
  const chosen = places(args, 'skill install');
  if (chosen.places.length === 0) {
    throw new CliError('usage', 'skill install: no coding agent is set up in this home (no ~/.claude, ~/.codex or ~/.gemini).', `Name the agent: wsc skill install --for ${AGENTS.join('|')}.`);
  }
  const text = installedSkill(SKILL);
  const results: { agent: Agent; file: string; result: 'installed' | 'updated' | 'unchanged' | 'left' }[] = [];
  for (const place of chosen.places) {
    const existing = await readIfThere(place.file);
    if (existing !== null && !existing.includes(SKILL_MARKER)) {
      results.push({ agent: place.agent, file: place.file, result: 'left' });
      continue;
    }
    if (existing !== text) {
      await mkdir(dirname(place.file), { recursive: true });
      await writeFile(place.file, text, { mode: 0o644 });
    }
    results.push({ agent: place.agent, file: place.file, result: existing === null ? 'installed' : existing === text ? 'unchanged' : 'updated' });
  }
  const out = createOutput();
  if (args.json) out.json({ skill: 'wsc-workspace', results });
  else {
    for (const r of results) {
      if (r.result === 'left') out.note(term`${safe(r.agent)}: ${safe(r.file)} exists and wsc did not write it; it was left as it is.`);
      else out.line(term`${safe(r.agent)}: ${safe(r.result)} ${safe(r.file)}`);
    }
  }
  const left = results.filter((r) => r.result === 'left');
  if (left.length > 0) {
    throw new CliError('conflict', `skill install: ${left.map((r) => r.file).join(', ')} ${left.length === 1 ? 'was' : 'were'} not written by wsc and ${left.length === 1 ? 'was' : 'were'} left as ${left.length === 1 ? 'it is' : 'they are'}.`, 'Move or rename that skill folder yourself, then install again (or keep yours).');
  }
  return 0;
}

async function uninstall(args: ParsedArgs): Promise<number> {
  noExtraPositionals(args, 0, 'skill uninstall');
  const home = homedir();
  const agents = chosenAgents(args, 'skill uninstall');
  const chosen = (agents.length > 0 ? agents : [...AGENTS]).map((a) => skillPlace(a, home));
  const results: { agent: Agent; file: string; result: 'removed' | 'none' | 'left' }[] = [];
  for (const place of chosen) {
    const existing = await readIfThere(place.file);
    if (existing === null) results.push({ agent: place.agent, file: place.file, result: 'none' });
    else if (!existing.includes(SKILL_MARKER)) results.push({ agent: place.agent, file: place.file, result: 'left' });
    else {
      await rm(place.file);
      // The skill's folder goes too when nothing else is in it.
      await rmdir(dirname(place.file)).catch(() => undefined);
      results.push({ agent: place.agent, file: place.file, result: 'removed' });
    }
  }
  const out = createOutput();
  if (args.json) out.json({ skill: 'wsc-workspace', results });
  else for (const r of results) out.line(r.result === 'removed' ? term`${safe(r.agent)}: removed ${safe(r.file)}` : r.result === 'none' ? term`${safe(r.agent)}: no wsc skill at ${safe(r.file)}` : term`${safe(r.agent)}: ${safe(r.file)} was not written by wsc; it was left as it is.`);
  const left = results.filter((r) => r.result === 'left');
  if (left.length > 0) throw new CliError('conflict', `skill uninstall: ${left.map((r) => r.file).join(', ')} not written by wsc; left as it is.`, 'Remove it yourself if you mean to.');
  return 0;
}
