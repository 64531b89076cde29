import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ schema: 'identity', name: 'people' })
export class Person {
  @PrimaryGeneratedColumn('uuid', { name: 'id' })
  id!: string;

  /** Unique case-insensitively (index people_email_key on lower(email)). */
  @Column({ name: 'email', type: 'text' })
  email!: string;

  @Column({ name: 'name', type: 'text' })
  name!: string;

  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
