-- Written by libs/home/src/home-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- DismissedChipRepository.insert
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "55555555-5555-4555-8555-555555555555", $3 = "misfiling-7"
insert into "home"."dismissed_chips" ("person_id", "company_id", "action_id")
values ($1, $2, $3)
on conflict do nothing;

-- DismissedChipRepository.dismissedAmong
-- $1 = "44444444-4444-4444-8444-444444444444", $2 = "55555555-5555-4555-8555-555555555555", $3 = ["misfiling-7","misfiling-8"]
select "action_id"
from "home"."dismissed_chips"
where "person_id" = $1
  and "company_id" = $2
  and action_id = ANY($3::text[]);
