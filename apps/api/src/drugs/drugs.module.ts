import { Module } from '@nestjs/common';
import { KnowledgeBaseModule } from '../kb/knowledge-base.module';
import { DrugsController } from './drugs.controller';
import { DrugsService } from './drugs.service';

/** `GET /v1/drugs/search` and `GET /v1/drugs/{id}`. */
@Module({
  imports: [KnowledgeBaseModule],
  controllers: [DrugsController],
  providers: [DrugsService],
  exports: [DrugsService],
})
export class DrugsModule {}
