-- Written by libs/workflows/src/workflows-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- WorkflowRepository.findVisible (1 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = ["55555555-5555-4555-8555-555555555555"], $4 = "11111111-1111-4111-8111-111111111111"
select "w"."id",
  "w"."company_id" as "companyId",
  "w"."number",
  "w"."name",
  "w"."status",
  "w"."visibility",
  "w"."team_id" as "teamId",
  "w"."owner_id" as "ownerId",
  "w"."inputs",
  "w"."definition",
  "w"."definition_version" as "definitionVersion",
  "w"."output_page" as "outputPage",
  "w"."schedule",
  "w"."created_at" as "createdAt",
  "w"."updated_at" as "updatedAt"
from "workflows"."workflows" as "w"
where ("w"."company_id" = $1 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $2) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($3::uuid[]))))
  and w.id = $4::uuid;

-- WorkflowRepository.findVisible (2 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = ["55555555-5555-4555-8555-555555555555"], $4 = 7
select "w"."id",
  "w"."company_id" as "companyId",
  "w"."number",
  "w"."name",
  "w"."status",
  "w"."visibility",
  "w"."team_id" as "teamId",
  "w"."owner_id" as "ownerId",
  "w"."inputs",
  "w"."definition",
  "w"."definition_version" as "definitionVersion",
  "w"."output_page" as "outputPage",
  "w"."schedule",
  "w"."created_at" as "createdAt",
  "w"."updated_at" as "updatedAt"
from "workflows"."workflows" as "w"
where ("w"."company_id" = $1 AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $2) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($3::uuid[]))))
  and w.number = $4::int
for update of "w";

-- WorkflowRepository.findVisibleByName
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = ["55555555-5555-4555-8555-555555555555"], $4 = "Digest", $5 = 10
select "w"."id",
  "w"."company_id" as "companyId",
  "w"."number",
  "w"."name",
  "w"."status",
  "w"."visibility",
  "w"."team_id" as "teamId",
  "w"."owner_id" as "ownerId",
  "w"."inputs",
  "w"."definition",
  "w"."definition_version" as "definitionVersion",
  "w"."output_page" as "outputPage",
  "w"."schedule",
  "w"."created_at" as "createdAt",
  "w"."updated_at" as "updatedAt"
from "workflows"."workflows" as "w"
where ("w"."company_id" = $1 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $2) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($3::uuid[]))))
  and lower(w.name) = lower($4)
order by "w"."number"
limit $5;

-- WorkflowRepository.listVisible (1 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = ["55555555-5555-4555-8555-555555555555"], $4 = 20, $5 = 0
select "w"."id",
  "w"."company_id" as "companyId",
  "w"."number",
  "w"."name",
  "w"."status",
  "w"."visibility",
  "w"."team_id" as "teamId",
  "w"."owner_id" as "ownerId",
  "w"."inputs",
  "w"."definition",
  "w"."definition_version" as "definitionVersion",
  "w"."output_page" as "outputPage",
  "w"."schedule",
  "w"."created_at" as "createdAt",
  "w"."updated_at" as "updatedAt",
  count(*) OVER ()::int as "total"
from "workflows"."workflows" as "w"
where ("w"."company_id" = $1 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $2) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($3::uuid[]))))
order by "w"."number"
limit $4
offset $5;

-- WorkflowRepository.listVisible (2 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = ["55555555-5555-4555-8555-555555555555"], $4 = "active", $5 = 20, $6 = 40
select "w"."id",
  "w"."company_id" as "companyId",
  "w"."number",
  "w"."name",
  "w"."status",
  "w"."visibility",
  "w"."team_id" as "teamId",
  "w"."owner_id" as "ownerId",
  "w"."inputs",
  "w"."definition",
  "w"."definition_version" as "definitionVersion",
  "w"."output_page" as "outputPage",
  "w"."schedule",
  "w"."created_at" as "createdAt",
  "w"."updated_at" as "updatedAt",
  count(*) OVER ()::int as "total"
from "workflows"."workflows" as "w"
where ("w"."company_id" = $1 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $2) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($3::uuid[]))))
  and "w"."status" = $4
order by "w"."number"
limit $5
offset $6;

-- WorkflowRepository.countVisible (1 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = ["55555555-5555-4555-8555-555555555555"]
select count(*)::int as "total"
from "workflows"."workflows" as "w"
where ("w"."company_id" = $1 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $2) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($3::uuid[]))));

-- WorkflowRepository.countVisible (2 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "33333333-3333-4333-8333-333333333333", $3 = ["55555555-5555-4555-8555-555555555555"], $4 = "active"
select count(*)::int as "total"
from "workflows"."workflows" as "w"
where ("w"."company_id" = $1 AND "w"."status" <> 'deleted' AND ("w"."visibility" = 'company' OR ("w"."visibility" = 'private' AND "w"."owner_id" = $2) OR ("w"."visibility" = 'team' AND "w"."team_id" = ANY($3::uuid[]))))
  and "w"."status" = $4;

-- WorkflowRepository.insert (1 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = 7, $3 = "Digest", $4 = "active", $5 = "team", $6 = "55555555-5555-4555-8555-555555555555", $7 = "33333333-3333-4333-8333-333333333333", $8 = "[]", $9 = "{\"steps\":[{\"id\":\"compose\",\"block\":\"text.compose\",\"prompt\":\"Say hello\"}]}", $10 = "{\"path\":\"/digests\",\"title\":\"Digest\"}", $11 = null
insert into "workflows"."workflows" ("company_id", "number", "name", "status", "visibility", "team_id", "owner_id", "inputs", "definition", "output_page", "schedule")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
returning "id",
  "company_id" as "companyId",
  "number",
  "name",
  "status",
  "visibility",
  "team_id" as "teamId",
  "owner_id" as "ownerId",
  "inputs",
  "definition",
  "definition_version" as "definitionVersion",
  "output_page" as "outputPage",
  "schedule",
  "created_at" as "createdAt",
  "updated_at" as "updatedAt";

-- WorkflowRepository.insert (2 of 2)
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = 7, $3 = "Digest", $4 = "active", $5 = "team", $6 = "55555555-5555-4555-8555-555555555555", $7 = "33333333-3333-4333-8333-333333333333", $8 = "[]", $9 = "{\"steps\":[{\"id\":\"compose\",\"block\":\"text.compose\",\"prompt\":\"Say hello\"}]}", $10 = null, $11 = "{\"cron\":\"0 8 * * 1\",\"timezone\":\"UTC\"}"
insert into "workflows"."workflows" ("company_id", "number", "name", "status", "visibility", "team_id", "owner_id", "inputs", "definition", "output_page", "schedule")
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
returning "id",
  "company_id" as "companyId",
  "number",
  "name",
  "status",
  "visibility",
  "team_id" as "teamId",
  "owner_id" as "ownerId",
  "inputs",
  "definition",
  "definition_version" as "definitionVersion",
  "output_page" as "outputPage",
  "schedule",
  "created_at" as "createdAt",
  "updated_at" as "updatedAt";

-- WorkflowRepository.update (1 of 2)
-- $1 = "Renamed", $2 = "11111111-1111-4111-8111-111111111111"
update "workflows"."workflows"
set "name" = $1,
  "updated_at" = now()
where "id" = $2;

-- WorkflowRepository.update (2 of 2)
-- $1 = "archived", $2 = null, $3 = "11111111-1111-4111-8111-111111111111"
update "workflows"."workflows"
set "status" = $1,
  "schedule" = $2,
  "updated_at" = now()
where "id" = $3;

-- WorkflowRepository.findById
-- $1 = "11111111-1111-4111-8111-111111111111"
select "w"."id",
  "w"."company_id" as "companyId",
  "w"."number",
  "w"."name",
  "w"."status",
  "w"."visibility",
  "w"."team_id" as "teamId",
  "w"."owner_id" as "ownerId",
  "w"."inputs",
  "w"."definition",
  "w"."definition_version" as "definitionVersion",
  "w"."output_page" as "outputPage",
  "w"."schedule",
  "w"."created_at" as "createdAt",
  "w"."updated_at" as "updatedAt"
from "workflows"."workflows" as "w"
where "w"."id" = $1;

-- WorkflowRepository.findSchedulesOf
-- $1 = ["11111111-1111-4111-8111-111111111111"]
select "id",
  "status",
  "schedule"
from "workflows"."workflows"
where id = ANY($1::uuid[]);

-- WorkflowRepository.findSettledScheduled (1 of 2)
-- $1 = 60, $2 = null, $3 = null, $4 = 100
select "id",
  "schedule"
from "workflows"."workflows"
where "status" = 'active'
  and "schedule" is not null
  and updated_at < now() - make_interval(secs => $1)
  and ($2::uuid IS NULL OR id > $3::uuid)
order by "id"
limit $4;

-- WorkflowRepository.findSettledScheduled (2 of 2)
-- $1 = 60, $2 = "11111111-1111-4111-8111-111111111111", $3 = "11111111-1111-4111-8111-111111111111", $4 = 100
select "id",
  "schedule"
from "workflows"."workflows"
where "status" = 'active'
  and "schedule" is not null
  and updated_at < now() - make_interval(secs => $1)
  and ($2::uuid IS NULL OR id > $3::uuid)
order by "id"
limit $4;

-- WorkflowRepository.filterScheduledOrUnsettled
-- $1 = ["11111111-1111-4111-8111-111111111111"], $2 = 60
select "id"
from "workflows"."workflows"
where id = ANY($1::uuid[])
  and ((status = 'active' AND schedule IS NOT NULL) OR updated_at >= now() - make_interval(secs => $2));

-- CompanyCounterRepository.nextWorkflowNumber
-- $1 = "44444444-4444-4444-8444-444444444444"
insert into "workflows"."company_counters" ("company_id", "last_workflow_number")
values ($1, 1)
on conflict ("company_id") do update
set "last_workflow_number" = workflows.company_counters.last_workflow_number + 1
returning "last_workflow_number" as "lastWorkflowNumber";

-- CompanyCounterRepository.countLiveWorkflows
-- $1 = "44444444-4444-4444-8444-444444444444"
select count(*)::int as "live"
from "workflows"."workflows"
where "company_id" = $1
  and "status" <> 'deleted';
