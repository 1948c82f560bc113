/** (ours) PUT /artifacts/{id}/address body and answer. */
export interface PutArtifactAddressInput {
  address: string;
}
export interface PutArtifactAddressResult {
  ok: true;
  address: string;
  url: string;
}
export const ARTIFACT_ADDRESS_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])?$/;
