import 'reflect-metadata';
import type { INestApplication, Type } from '@nestjs/common';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import type { Module as NestModule } from '@nestjs/core/injector/module';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { CredentialsModule, DirectoryModule, IdentityModule } from '@cw/identity';
import { WorkflowRunnerModule } from './workflow-runner.module';

const IDENTITY_CONTROLLERS = new Set<unknown>(
  IdentityModule.register({ withRoutes: true }).controllers,
);

function nameOf(token: unknown): string {
  return typeof token === 'function' ? token.name : String(token);
}

/** A module's own providers, without the ones Nest adds to every module. */
function ownProviders(module: NestModule): string[] {
  return [...module.providers.keys()]
    .filter((token) => token !== module.metatype && !module.injectables.has(token))
    .map(nameOf)
    .filter((name) => !['ModuleRef', 'ApplicationConfig'].includes(name))
    .sort();
}

describe('the workflow-runner composition', () => {
  let app: INestApplication;
  let modules: NestModule[];

  beforeAll(async () => {
    // A preview builds the module graph without creating a provider: no database, no Redis.
    app = await NestFactory.create(WorkflowRunnerModule, new FastifyAdapter(), {
      preview: true,
      logger: false,
    });
    modules = [...app.get(ModulesContainer).values()];
  });

  afterAll(() => app.close());

  const instancesOf = (type: Type<unknown>) => modules.filter((module) => module.metatype === type);

  it('checks tokens with identity’s credentials and directory modules, not its routes module', () => {
    expect(instancesOf(IdentityModule)).toHaveLength(0);
    expect(instancesOf(CredentialsModule)).toHaveLength(1);
    expect(instancesOf(DirectoryModule)).toHaveLength(1);
    const controllers = modules.flatMap((module) => [...module.controllers.keys()]);
    expect(controllers.filter((controller) => IDENTITY_CONTROLLERS.has(controller))).toEqual([]);
  });

  it('holds, of identity, only what resolving tokens and looking people up need', () => {
    expect(ownProviders(instancesOf(CredentialsModule)[0])).toEqual([
      'ApiKeyRepository',
      'CredentialService',
      'IdentityConfig',
      'OAuthSignInRepository',
      'OAuthTokenRepository',
      'SessionRepository',
    ]);
    expect(ownProviders(instancesOf(DirectoryModule)[0])).toEqual([
      'CompanyRepository',
      'DirectoryService',
      'MembershipRepository',
      'OperatorGrantRepository',
      'PersonRepository',
      'TeamMembershipRepository',
      'TeamRepository',
    ]);
  });
});
