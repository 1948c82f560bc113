// Is this service one the client can work with? (wsc doctor; Workspace: Check Service Compatibility)
export * from './check-service';
export * from './compare';
export * from './relied-on';
export * from './command-names';
export * from './service-documents';
