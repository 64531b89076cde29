import type { INestApplicationContext } from '@nestjs/common';
import {
  isGrantableScope,
  SCOPES,
  isOperatorRequirement,
  MEMBERSHIP_ROLES,
  type MembershipRole,
  type OperatorRequirement,
} from '@cw/domain';
import { ApiKeyService, DirectoryService } from '@cw/identity';
import { CredentialRevocationChannel } from '@cw/queue';
import { isEmail, isUUID } from 'class-validator';
import { issueDemoCredentials } from './demo-admin';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';

/** `--name value` flags by name; the bare arguments (`api-key:revoke <id>`) in order under `_`. */
export type Options = Record<string, string | undefined> & { _?: string };

/** A command or its arguments are malformed: the message and the usage are printed, exit 2. */
export class UsageError extends Error {}

/** A value the CLI would store is invalid: one line, exit 2, nothing written. */
export class InvalidValueError extends UsageError {}

/** Names and titles are stored as given; this bounds them like the API's DTOs do. */
const MAX_NAME_LENGTH = 200;

function required(options: Options, name: string): string {
  const value = options[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

function name(options: Options, flag = 'name'): string {
  const value = required(options, flag).trim();
  if (!value) throw new InvalidValueError(`--${flag} must not be empty or only spaces`);
  if (value.length > MAX_NAME_LENGTH) {
    throw new InvalidValueError(`--${flag} has more than ${MAX_NAME_LENGTH} characters`);
  }
  return value;
}

function email(options: Options): string {
  const value = required(options, 'email').trim();
  if (!isEmail(value)) {
    throw new InvalidValueError(`--email ${value} is not an email address (name@example.com)`);
  }
  return value;
}

function scopes(options: Options): string[] {
  const given = required(options, 'scopes')
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = given.filter((scope) => !isGrantableScope(scope));
  if (given.length === 0 || unknown.length > 0) {
    throw new InvalidValueError(
      `unknown scopes: ${unknown.join(', ') || '(none given)'} (known: ${SCOPES.join(', ')})`,
    );
  }
  return given;
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
    run: (context, options) => context.get(DirectoryService).findOrCreateCompany(name(options)),
  },
  'person:create': {
    usage: 'person:create --email <email> --name <name> (password on stdin; empty for none)',
    run: async (context, options, io) => {
      const directory = context.get(DirectoryService);
      const address = email(options);
      const fullName = name(options);
      const password = await io.readPassword();
      if (password && password.length < MIN_PASSWORD_LENGTH) {
        throw new InvalidValueError(`a password has at least ${MIN_PASSWORD_LENGTH} characters`);
      }
      const created = await directory.findOrCreatePerson(address, fullName);
      if (password) await directory.setPassword(created.id, await hashPassword(password));
      return { ...created, password_set: password.length > 0 };
    },
  },
  'team:create': {
    usage: 'team:create --company <id|name> --name <name>',
    run: async (context, options) => {
      const directory = context.get(DirectoryService);
      return directory.findOrCreateTeam((await company(directory, options)).id, name(options));
    },
  },
  'team:add-member': {
    usage: 'team:add-member --company <id|name> --team <name> --person <email>',
    run: async (context, options) => {
      const directory = context.get(DirectoryService);
      const team = await directory.findOrCreateTeam(
        (await company(directory, options)).id,
        name(options, 'team'),
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
      const keyName = name(options);
      const keyScopes = scopes(options);
      const directory = context.get(DirectoryService);
      const target = await company(directory, options);
      const member = await person(directory, options);
      if (!(await directory.roleOf(target.id, member.id)))
        throw new UsageError(`${member.email} is not a member of ${target.name}`);
      return context
        .get(ApiKeyService)
        .create({ personId: member.id, companyId: target.id }, keyName, keyScopes);
    },
  },
  'api-key:list': {
    usage: 'api-key:list --person <email> | --company <id|name>  (live keys; never their tokens)',
    run: async (context, options) => {
      if (!options.person && !options.company) {
        throw new UsageError('give --person <email>, --company <id|name> or both');
      }
      const directory = context.get(DirectoryService);
      const personId = options.person ? (await person(directory, options)).id : undefined;
      const companyId = options.company ? (await company(directory, options)).id : undefined;
      return context.get(ApiKeyService).listLive({ personId, companyId });
    },
  },
  'api-key:revoke': {
    usage: 'api-key:revoke <key id>  (ends the key at once in every process)',
    run: async (context, options) => {
      const keyId = options._;
      if (!keyId) throw new UsageError('give the id of the key to revoke');
      if (!isUUID(keyId)) throw new InvalidValueError(`${keyId} is not a key id (a UUID)`);
      if (!(await context.get(ApiKeyService).revokeById(keyId))) {
        throw new InvalidValueError(`no API key has the id ${keyId}`);
      }
      return { id: keyId, revoked: true };
    },
  },
  'demo:credentials': {
    usage: 'demo:credentials  (a new API key and password for the demo admin, shown once)',
    run: (context) => {
      if (process.env.NODE_ENV === 'production') {
        throw new InvalidValueError('the demo company exists only outside production');
      }
      return issueDemoCredentials(context);
    },
  },
};
