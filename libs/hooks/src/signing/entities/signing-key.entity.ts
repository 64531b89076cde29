import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A hook's signing secret, encrypted at rest (`hooks.signing_keys`); its id is the key id. */
@Entity({ schema: 'hooks', name: 'signing_keys' })
export class SigningKey {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'hook_id', type: 'uuid' })
  hookId!: string;

  /** AES-256-GCM nonce, tag and ciphertext of the secret's 64 hex characters. */
  @Column({ type: 'bytea' })
  ciphertext!: Buffer;

  /** Which key-encryption key sealed it (a hash prefix of that key). */
  @Column({ name: 'encryption_key_id', type: 'text' })
  encryptionKeyId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
