import { QueueName } from '../queue-names';
import { type ProcessorSite, queueWiringProblem } from './queue-wiring';

const site = (
  queue: string,
  processor: string,
  module = 'HooksModule',
  moduleId = module,
): ProcessorSite => ({ queue, processor, module, moduleId });

const LANES = [0, 1, 2, 3].map(() => site(QueueName.HookDeliveries, 'DeliveryAttemptProcessor'));

describe('queueWiringProblem', () => {
  it('passes a process whose every consumed queue has one processor, lanes of one class included', () => {
    const sites = [site(QueueName.ReportEvents, 'ReportEventsProcessor'), ...LANES];
    expect(
      queueWiringProblem([QueueName.ReportEvents, QueueName.HookDeliveries], sites),
    ).toBeNull();
    expect(queueWiringProblem('composed', sites)).toBeNull();
    expect(queueWiringProblem([], [])).toBeNull();
  });

  it('names the processors of a queue that has two classes', () => {
    const sites = [...LANES, site(QueueName.HookDeliveries, 'RetryProcessor')];
    const line =
      'queue wiring: hook-deliveries has 2 processors (DeliveryAttemptProcessor, RetryProcessor); expected exactly 1';
    expect(queueWiringProblem([QueueName.HookDeliveries], sites)).toBe(line);
    expect(queueWiringProblem('composed', sites)).toBe(line);
  });

  it('tells one class provided by two modules apart by its modules', () => {
    const sites = [
      site(QueueName.WorkflowRuns, 'RunQueueProcessor', 'WorkflowRunsModule'),
      site(QueueName.WorkflowRuns, 'RunQueueProcessor', 'RunnerExtrasModule'),
    ];
    expect(queueWiringProblem([QueueName.WorkflowRuns], sites)).toBe(
      'queue wiring: workflow-runs has 2 processors (RunQueueProcessor of WorkflowRunsModule, RunQueueProcessor of RunnerExtrasModule); expected exactly 1',
    );
  });

  it('counts two instances of one dynamic module as two processors', () => {
    const sites = [
      site(QueueName.ReportEvents, 'ReportEventsProcessor', 'HooksModule', 'a'),
      site(QueueName.ReportEvents, 'ReportEventsProcessor', 'HooksModule', 'b'),
    ];
    expect(queueWiringProblem('composed', sites)).toMatch(/report-events has 2 processors/);
  });

  it('refuses a consumed queue without a processor', () => {
    expect(
      queueWiringProblem(
        [QueueName.ReportEvents, QueueName.HookDeliveries],
        [site(QueueName.ReportEvents, 'ReportEventsProcessor')],
      ),
    ).toBe('queue wiring: hook-deliveries has no processor; expected exactly 1');
  });

  it('refuses a processor of a queue the process does not consume', () => {
    expect(
      queueWiringProblem([], [site(QueueName.WorkflowRuns, 'RunQueueProcessor', 'RunsModule')]),
    ).toBe(
      'queue wiring: RunQueueProcessor would consume workflow-runs, which this process does not (it consumes no queue)',
    );
    expect(
      queueWiringProblem(
        [QueueName.WorkflowRuns],
        [
          site(QueueName.WorkflowRuns, 'RunQueueProcessor'),
          site(QueueName.HookDeliveries, 'DeliveryAttemptProcessor'),
        ],
      ),
    ).toBe(
      'queue wiring: DeliveryAttemptProcessor would consume hook-deliveries, which this process does not (it consumes workflow-runs)',
    );
  });

  it('says every problem in the one line', () => {
    expect(
      queueWiringProblem(
        [QueueName.WorkflowRuns, QueueName.WorkflowSchedules],
        [
          site(QueueName.WorkflowRuns, 'RunQueueProcessor'),
          site(QueueName.WorkflowRuns, 'OtherRunProcessor'),
        ],
      ),
    ).toBe(
      'queue wiring: workflow-runs has 2 processors (RunQueueProcessor, OtherRunProcessor); expected exactly 1; workflow-schedules has no processor; expected exactly 1',
    );
  });
});
