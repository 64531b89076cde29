import { Injectable } from '@nestjs/common';
import { CredentialRevocationChannel } from '@cw/queue';
import { DataSource } from 'typeorm';
import { DirectoryService } from '../directory/directory.service';
import { AcceptanceGate } from './acceptance-gate';
import { SessionService } from '../sessions/session.service';
import type {
  AcceptanceExchangeDto,
  AcceptanceExchangeResponseDto,
} from './dtos/acceptance-exchange.dto';

/** Test-environment sign-in: finds or creates everything the exchange names, then a session. */
@Injectable()
export class AcceptanceService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly directory: DirectoryService,
    private readonly sessions: SessionService,
    private readonly revocations: CredentialRevocationChannel,
    private readonly gate: AcceptanceGate,
  ) {}

  async exchange(
    request: AcceptanceExchangeDto,
  ): Promise<{ token: string; body: AcceptanceExchangeResponseDto }> {
    this.gate.assertSecret(request.secret);
    const role = request.role ?? 'member';
    const exchanged = await this.dataSource.transaction(async (manager) => {
      const company = await this.directory.findOrCreateCompany(request.company, manager);
      const person = await this.directory.findOrCreatePerson(
        request.email,
        request.name ?? request.email.split('@')[0],
        manager,
      );
      await this.directory.setMembership(company.id, person.id, role, manager);
      const teams = [];
      for (const teamName of new Set(request.teams ?? [])) {
        const team = await this.directory.findOrCreateTeam(company.id, teamName, manager);
        await this.directory.addTeamMember(team.id, person.id, manager);
        teams.push(team);
      }
      for (const requirement of new Set(request.operator_grants ?? [])) {
        await this.directory.grantOperatorRequirement(person.id, requirement, manager);
      }
      const token = await this.sessions.createSession(person.id, company.id, 'acceptance', manager);
      return { token, body: { person, company, role, teams } };
    });
    // Role and teams travel with cached credentials: drop the person's cached entries everywhere.
    await this.revocations.publish({ type: 'person', personId: exchanged.body.person.id });
    return exchanged;
  }
}
