import type { INestApplicationContext } from '@nestjs/common';
import {
  isGrantableScope,
  isOperatorRequirement,
  MEMBERSHIP_ROLES,
  type MembershipRole,
  type OperatorRequirement,
} from '@cw/domain';
import { ApiKeyService, DirectoryService } from '@cw/identity';
import { CredentialRevocationChannel } from '@cw/queue';
import * as argon2 from 'argon2';

export type Options = Record<string, string | undefined>;

export class UsageError extends Error {}

function required(options: Options, name: string): string {
  const value = options[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

function role(options: Options): MembershipRole {
  const value = options.role ?? 'member';
  if (!(MEMBERSHIP_ROLES as readonly string[]).includes(value))
    throw new UsageError('--role is admin or member');
  return value as MembershipRole;
}

function operatorRequirement(options: Options): OperatorRequirement {
  const requirement = required(options, 'requirement');
  if (!isOperatorRequirement(requirement)) {
    throw new UsageError(`unknown operator requirement ${requirement}`);
  }
  return requirement;
}

async function company(
  directory: DirectoryService,
  options: Options,
): Promise<{ id: string; name: string }> {
  const name = required(options, 'company');
  const found = /^[0-9a-f-]{36}$/i.test(name)
    ? await directory.companyById(name)
    : await directory.findCompanyByName(name);
  if (!found) throw new UsageError(`no company ${name}`);
  return found;
}

async function person(
  directory: DirectoryService,
  options: Options,
): Promise<{ id: string; email: string; name: string }> {
  const email = required(options, 'person');
  const found = await directory.findPersonByEmail(email);
  if (!found) throw new UsageError(`no person with email ${email}`);
  return found;
}

export interface AdminIo {
  readPassword(): Promise<string>;
}

type Command = (
  context: INestApplicationContext,
  options: Options,
  io: AdminIo,
) => Promise<unknown>;

/** Every command prints one JSON value; the usage text lists them. */
export const COMMANDS: Record<string, { usage: string; run: Command }> = {
  'company:create': {
    usage: 'company:create --name <name>',
    run: (context, options) =>
      context.get(DirectoryService).findOrCreateCompany(required(options, 'name')),
  },
  'person:create': {
    usage: 'person:create --email <email> --name <name> (password on stdin; empty for none)',
    run: async (context, options, io) => {
      const directory = context.get(DirectoryService);
      const created = await directory.findOrCreatePerson(
        required(options, 'email'),
        required(options, 'name'),
      );
      const password = await io.readPassword();
      if (password) {
        if (password.length < 12) throw new UsageError('a password has at least 12 characters');
        await directory.setPassword(
          created.id,
          await argon2.hash(password, { type: argon2.argon2id }),
        );
      }
      return { ...created, password_set: password.length > 0 };
    },
  },
  'team:create': {
    usage: 'team:create --company <id|name> --name <name>',
    run: async (context, options) => {
      const directory = context.get(DirectoryService);
      return directory.findOrCreateTeam(
        (await company(directory, options)).id,
        required(options, 'name'),
      );
    },
  },
  'team:add-member': {
    usage: 'team:add-member --company <id|name> --team <name> --person <email>',
    run: async (context, options) => {
      const directory = context.get(DirectoryService);
      const team = await directory.findOrCreateTeam(
        (await company(directory, options)).id,
        required(options, 'team'),
      );
      const member = await person(directory, options);
      await directory.addTeamMember(team.id, member.id);
      await context
        .get(CredentialRevocationChannel)
        .publish({ type: 'person', personId: member.id });
      return { team, person: member };
    },
  },
  'membership:set': {
    usage: 'membership:set --company <id|name> --person <email> [--role admin|member]',
    run: async (context, options) => {
      const directory = context.get(DirectoryService);
      const target = await company(directory, options);
      const member = await person(directory, options);
      await directory.setMembership(target.id, member.id, role(options));
      await context
        .get(CredentialRevocationChannel)
        .publish({ type: 'person', personId: member.id });
      return { company: target, person: member, role: role(options) };
    },
  },
  'membership:remove': {
    usage: 'membership:remove --company <id|name> --person <email>  (ends their credentials there)',
    run: async (context, options) => {
      const directory = context.get(DirectoryService);
      const target = await company(directory, options);
      const member = await person(directory, options);
      const removed = await directory.removeMembership(target.id, member.id);
      return { company: target, person: member, removed };
    },
  },
  'operator:grant': {
    usage:
      'operator:grant --person <email> --requirement <feedback.view|testing.authorize|queues.manage>',
    run: async (context, options) => {
      const requirement = operatorRequirement(options);
      const directory = context.get(DirectoryService);
      const member = await person(directory, options);
      await directory.grantOperatorRequirement(member.id, requirement);
      return { person: member, granted: requirement };
    },
  },
  'operator:revoke': {
    usage:
      'operator:revoke --person <email> --requirement <feedback.view|testing.authorize|queues.manage>',
    run: async (context, options) => {
      const requirement = operatorRequirement(options);
      const directory = context.get(DirectoryService);
      const member = await person(directory, options);
      return {
        person: member,
        revoked: requirement,
        was_granted: await directory.revokeOperatorRequirement(member.id, requirement),
      };
    },
  },
  'api-key:create': {
    usage: 'api-key:create --company <id|name> --person <email> --name <name> --scopes <a,b,...>',
    run: async (context, options) => {
      const directory = context.get(DirectoryService);
      const target = await company(directory, options);
      const member = await person(directory, options);
      if (!(await directory.roleOf(target.id, member.id)))
        throw new UsageError(`${member.email} is not a member of ${target.name}`);
      const scopes = required(options, 'scopes')
        .split(',')
        .map((scope) => scope.trim())
        .filter(Boolean);
      const unknown = scopes.filter((scope) => !isGrantableScope(scope));
      if (scopes.length === 0 || unknown.length > 0)
        throw new UsageError(`unknown scopes: ${unknown.join(', ') || '(none given)'}`);
      return context
        .get(ApiKeyService)
        .create({ personId: member.id, companyId: target.id }, required(options, 'name'), scopes);
    },
  },
};
