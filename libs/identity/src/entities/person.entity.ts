import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ schema: 'identity', name: 'people' })
export class Person {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Unique case-insensitively (index people_email_key on lower(email)). */
  @Column('text')
  email!: string;

  @Column('text')
  name!: string;

  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
