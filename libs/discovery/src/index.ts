export { DiscoveryModule, type DiscoveryModuleOptions } from './discovery.module';
export { DISCOVERY_DOCUMENT, type DiscoveryDocumentSource } from './description/discovery-document';
