// Where each coding agent looks for a user-level skill (a folder holding SKILL.md), as their own
// documentation gives it:
//   claude  ~/.claude/skills/<name>/SKILL.md   (Claude Code: personal skills)
//   codex   ~/.agents/skills/<name>/SKILL.md   (Codex: the USER scope of the open Agent Skills layout;
//                                               Gemini CLI reads this folder too, as an alias)
//   gemini  ~/.gemini/skills/<name>/SKILL.md   (Gemini CLI: user skills)
// and the folder whose presence says the agent is set up on this machine (for `install` without --for).
import { join } from 'node:path';

export const SKILL_NAME = 'wsc-workspace';

/** Present in every SKILL.md `wsc skill install` writes; a file without it is never replaced or removed. */
export const SKILL_MARKER = "<!-- wsc-skill: written by 'wsc skill install'; 'wsc skill uninstall' removes it, and install replaces only a file that has this line -->";

export const AGENTS = ['claude', 'codex', 'gemini'] as const;
export type Agent = (typeof AGENTS)[number];

export interface SkillPlace {
  agent: Agent;
  /** The agent's own folder: it exists when the agent has been used here. */
  agentHome: string;
  file: string;
}

export function skillPlace(agent: Agent, home: string, env: NodeJS.ProcessEnv = process.env): SkillPlace {
  switch (agent) {
    case 'claude':
      return { agent, agentHome: join(home, '.claude'), file: join(home, '.claude', 'skills', SKILL_NAME, 'SKILL.md') };
    case 'codex':
      return { agent, agentHome: env.CODEX_HOME || join(home, '.codex'), file: join(home, '.agents', 'skills', SKILL_NAME, 'SKILL.md') };
    case 'gemini':
      return { agent, agentHome: join(home, '.gemini'), file: join(home, '.gemini', 'skills', SKILL_NAME, 'SKILL.md') };
  }
}

/** The skill file as installed: the shipped SKILL.md with the marker after its front matter. */
export function installedSkill(skill: string): string {
  const end = skill.indexOf('\n---\n', 4);
  if (!skill.startsWith('---\n') || end < 0) return `${SKILL_MARKER}\n${skill}`;
  return `${skill.slice(0, end + 5)}${SKILL_MARKER}\n${skill.slice(end + 5)}`;
}
