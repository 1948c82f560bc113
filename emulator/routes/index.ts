// Every module of the local service. Add yours here (one import + one entry); each brings its
// routes, its tables (schema), its fixture loading and its bus subscriptions (start).
import { actionsModule } from '../actions/module';
import { automationsModule } from '../automations/module';
import { demoAgentModule } from '../demo/module';
import { domainsModule } from '../domains/module';
import { controlModule } from '../control/routes';
import { discoveryModule } from '../discovery/module';
import { mcpModule } from '../mcp/module';
import { realtimeModule } from '../realtime/module';
import type { EmulatorModule } from '../types';
import { channelsModule } from './channels';
import { docsModule } from './docs';
import { mentionsModule } from './mentions';
import { messagesModule } from './messages';
import { runsModule } from './runs';
import { tasksModule } from './tasks';

export const modules: EmulatorModule[] = [
  controlModule,
  discoveryModule,
  mcpModule,
  realtimeModule,
  actionsModule,
  automationsModule,
  domainsModule,
  demoAgentModule,
  channelsModule,
  messagesModule,
  mentionsModule,
  docsModule,
  tasksModule,
  runsModule,
];
