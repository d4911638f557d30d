import { Module } from '@nestjs/common';
import type { Database } from '@inkprint/eventstore-postgresql';
import type { ProjectionRunner } from '@inkprint/projections';
import { ReadModels } from '@inkprint/read-models';
import { APP_CONFIG, type AppConfig } from '../config';
import { DATABASE, PROJECTION_RUNNER } from '../platform/tokens';
import { DetectController } from './detect/detect.http.controller';
import { DetectTextHandler } from './detect/detect-text.handler';
import { HumaniseController } from './humanise/humanise.http.controller';
import { HumaniseTextHandler } from './humanise/humanise-text.handler';
import { OpenReportHandler } from './reports/open-report.query';
import { ReportsController } from './reports/reports.http.controller';
import { SaveReportHandler } from './reports/save-report.handler';
import { ReportLimit } from './reports/report-limit';
import { PurgeExpiredHandler } from './retention/purge-expired.handler';
import { RetentionScheduler } from './retention/retention.scheduler';
import { InterruptedRuns } from './shared/interrupted-runs';
import { AiToolRunner } from './shared/run-ai-tool';
import { detectorModelVersion } from './shared/model-version';
import { MODEL_VERSION } from './shared/tokens';
import { FileWorkLimits } from './shared/file-work-limits';
import { ToolUsers } from './shared/tool-users';
import { ImportTextHandler, URL_IMPORT_OPTIONS } from './upload/import-text.handler';
import { UploadController } from './upload/upload.http.controller';
import type { UrlImportOptions } from '@inkprint/ingest';
import { BatchesController } from './batches/batches.http.controller';
import { ListBatchesHandler } from './batches/list-batches.query';
import { OpenBatchHandler, OpenBatchItemHandler } from './batches/open-batch.query';
import { BatchRuns } from './batches/batch-runs';
import { SubmitBatchHandler } from './batches/submit-batch.handler';

/** The AI calls of spec §7 (detect, humanise, reports) over the quotas, the job bus and the purgeable vault. */
@Module({
  providers: [
    {
      provide: MODEL_VERSION,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => detectorModelVersion(config.engines),
    },
    {
      provide: ReadModels,
      inject: [DATABASE, PROJECTION_RUNNER],
      useFactory: (db: Database, runner: ProjectionRunner) => new ReadModels(db.em, runner.schema),
    },
    ToolUsers,
    FileWorkLimits,
    {
      provide: URL_IMPORT_OPTIONS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): UrlImportOptions => config.urlImport,
    },
    ImportTextHandler,
    SubmitBatchHandler,
    BatchRuns,
    OpenBatchHandler,
    OpenBatchItemHandler,
    ListBatchesHandler,
    AiToolRunner,
    InterruptedRuns,
    DetectTextHandler,
    HumaniseTextHandler,
    SaveReportHandler,
    ReportLimit,
    OpenReportHandler,
    PurgeExpiredHandler,
    RetentionScheduler,
  ],
  controllers: [DetectController, HumaniseController, ReportsController, UploadController, BatchesController],
  exports: [ToolUsers, AiToolRunner],
})
export class AiModule {}
