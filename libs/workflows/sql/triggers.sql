-- Written by libs/workflows/src/workflows-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- WebhookLinkRepository.insertIfAbsent
-- $1 = "11111111-1111-4111-8111-111111111111", $2 = <32 bytes>, $3 = "33333333-3333-4333-8333-333333333333"
insert into "workflows"."webhook_links" ("workflow_id", "token_hash", "created_by")
values ($1, $2, $3)
on conflict ("workflow_id") do nothing
returning "public_id" as "publicId";

-- WebhookLinkRepository.rotate
-- $1 = <32 bytes>, $2 = "33333333-3333-4333-8333-333333333333", $3 = "11111111-1111-4111-8111-111111111111"
update "workflows"."webhook_links"
set "token_hash" = $1,
  "created_by" = $2,
  "rotated_at" = now()
where "workflow_id" = $3
returning "public_id" as "publicId";

-- WebhookLinkRepository.delete
-- $1 = "11111111-1111-4111-8111-111111111111"
delete from "workflows"."webhook_links"
where "workflow_id" = $1
returning "public_id" as "publicId";

-- WebhookLinkRepository.findCredential
-- $1 = "66666666-6666-4666-8666-666666666666"
select "l"."public_id" as "publicId",
  "l"."workflow_id" as "workflowId",
  "w"."company_id" as "companyId",
  "l"."token_hash" as "tokenHash",
  "l"."created_by" as "createdBy",
  "w"."inputs"
from "workflows"."webhook_links" as "l"
inner join "workflows"."workflows" as "w" on "w"."id" = "l"."workflow_id"
where "l"."public_id" = $1;
