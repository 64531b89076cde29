import { Module } from '@nestjs/common';
import { HooksConfig } from '../hooks.config';
import { SecretBox } from './secret-box';
import { SigningKeyRepository } from './signing-key.repository';
import { SigningMaterials } from './signing-materials';

/** Hooks' signing secrets: sealed at rest, their keys stored, opened to sign a delivery. */
@Module({
  providers: [
    {
      provide: SecretBox,
      inject: [HooksConfig],
      useFactory: (config: HooksConfig) => SecretBox.fromConfig(config),
    },
    SigningKeyRepository,
    SigningMaterials,
  ],
  exports: [SecretBox, SigningKeyRepository, SigningMaterials],
})
export class HookSigningModule {}
