-- Written by libs/queue/src/queue-statements.spec.ts (UPDATE_SQL_SNAPSHOTS=1 rewrites it): the SQL each repository
-- method runs, compiled with example arguments. A change to a statement shows here.

-- OutboxRepository.insert
-- $1 = "report.finished", $2 = "{\"run_id\":\"r1\"}"
insert into "platform"."outbox_events" ("topic", "payload")
values ($1, $2);

-- OutboxRepository.insertForRows (1 of 2)
-- $1 = 7, $2 = "row 7", $3 = "report.finished"
WITH written AS (INSERT INTO example_rows (id, name) VALUES ($1, $2) RETURNING id, name),
     appended AS (
       INSERT INTO platform.outbox_events (topic, payload)
       SELECT $3::text, jsonb_build_object('run_id', name) FROM written)
SELECT * FROM written;

-- OutboxRepository.insertForRows (2 of 2)
-- $1 = true, $2 = 7, $3 = "row 7", $4 = "noted", $5 = "run.requested"
WITH "counted" AS (SELECT 1 AS counted WHERE $1),
     written AS (INSERT INTO example_rows (id, name) VALUES ($2, $3) RETURNING id, name),
     "alongside_0" AS (INSERT INTO example_notes SELECT id, $4::text FROM written),
     appended AS (
       INSERT INTO platform.outbox_events (topic, payload)
       SELECT $5::text, jsonb_build_object('run_id', name) FROM written)
SELECT * FROM written;

-- OutboxRepository.lockUnpublished
-- $1 = 100
select "id",
  "topic",
  "payload"
from "platform"."outbox_events"
where "published_at" is null
order by "id"
limit $1
for update skip locked;

-- OutboxRepository.anyUnpublished
SELECT EXISTS (SELECT 1 FROM platform.outbox_events WHERE published_at IS NULL) AS waiting;

-- OutboxRepository.backlog
SELECT (SELECT count(*) FROM platform.outbox_events WHERE published_at IS NULL)::int AS events,
       (SELECT extract(epoch FROM now() - created_at) FROM platform.outbox_events
         WHERE published_at IS NULL ORDER BY id LIMIT 1)::float8 AS "oldestAgeSeconds";

-- OutboxRepository.markPublished
-- $1 = ["1","2"]
update "platform"."outbox_events"
set "published_at" = now()
where id = ANY($1);
