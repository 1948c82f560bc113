import { requestBody, Type, type Static } from './schema-kit';
import { ARTIFACT_ADDRESS_PATTERN } from './values';

/** (ours) PUT /artifacts/{id}/address body and answer. */
export const PutArtifactAddressInputSchema = requestBody(
  { address: Type.String({ pattern: ARTIFACT_ADDRESS_PATTERN.source, maxLength: 63, description: 'Lower-case letters, digits and inner hyphens.', examples: ['release-notes'] }) },
  { $id: 'PutArtifactAddressInput' },
);
export type PutArtifactAddressInput = Static<typeof PutArtifactAddressInputSchema>;

export const PutArtifactAddressResultSchema = Type.Object(
  { ok: Type.Literal(true), address: Type.String(), url: Type.String() },
  { $id: 'PutArtifactAddressResult' },
);
export type PutArtifactAddressResult = Static<typeof PutArtifactAddressResultSchema>;
