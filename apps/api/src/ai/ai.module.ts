import { Module } from '@nestjs/common';
import type { Database } from '@inkprint/eventstore';
import { TextVault } from '@inkprint/text-vault';
import { APP_CONFIG, type AppConfig } from '../config';
import { DATABASE } from '../platform/tokens';
import { DetectController } from './detect/detect.http.controller';
import { DetectTextHandler } from './detect/detect-text.handler';
import { HumaniseController } from './humanise/humanise.http.controller';
import { HumaniseTextHandler } from './humanise/humanise-text.handler';
import { OpenReportHandler } from './reports/open-report.query';
import { ReportsController } from './reports/reports.http.controller';
import { SaveReportHandler } from './reports/save-report.handler';
import { ForgetAccountData } from './retention/forget-account-data';
import { PurgeExpiredHandler } from './retention/purge-expired.handler';
import { RetentionScheduler } from './retention/retention.scheduler';
import { AiJobs } from './shared/ai-jobs';
import { detectorModelVersion } from './shared/model-version';
import { MODEL_VERSION, TEXT_VAULT } from './shared/tokens';
import { ToolUsers } from './shared/tool-users';
import { ImportTextHandler, URL_IMPORT_OPTIONS } from './upload/import-text.handler';
import { UploadController } from './upload/upload.http.controller';
import type { UrlImportOptions } from '@inkprint/ingest';

/** The AI calls of spec §7 (detect, humanise, reports) over the quotas, the job bus and the purgeable vault. */
@Module({
  providers: [
    { provide: TEXT_VAULT, inject: [DATABASE], useFactory: (db: Database) => TextVault.create(db.sql) },
    {
      provide: MODEL_VERSION,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => detectorModelVersion(config.engines),
    },
    ToolUsers,
    {
      provide: URL_IMPORT_OPTIONS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): UrlImportOptions => config.urlImport,
    },
    ImportTextHandler,
    AiJobs,
    DetectTextHandler,
    HumaniseTextHandler,
    SaveReportHandler,
    OpenReportHandler,
    PurgeExpiredHandler,
    ForgetAccountData,
    RetentionScheduler,
  ],
  controllers: [DetectController, HumaniseController, ReportsController, UploadController],
  exports: [TEXT_VAULT, ToolUsers, AiJobs],
})
export class AiModule {}
