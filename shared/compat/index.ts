// Is this service one the client can work with? (wsc doctor; Workspace: Check Service Compatibility)
export { checkServiceCompatibility, type CompatReport } from './check-service';
export { compareWithService, type CompatFinding } from './compare';
export { RELIED_ON_COMMANDS, RELIED_ON_ENDPOINTS, type ReliedOnCommand, type ReliedOnEndpoint } from './relied-on';
export { commandWords, resolveCommandName, type CommandResolution } from './command-names';
export { ServiceDocuments, serviceDocumentsFor, SERVICE_DOCUMENTS_MAX_AGE_MS, type DocumentName } from './service-documents';
