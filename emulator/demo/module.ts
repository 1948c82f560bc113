// The demo agent module: answers @-mentions of autoReply agents and plays approved dispatches.
import type { EmulatorModule } from '../types';
import { startDemoAgent } from './agent';

export const demoAgentModule: EmulatorModule = {
  name: 'demo-agent',
  start: (svc) => startDemoAgent(svc),
};
