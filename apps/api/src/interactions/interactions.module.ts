import { Module } from '@nestjs/common';
import { KnowledgeBaseModule } from '../kb/knowledge-base.module';
import { InteractionsController } from './interactions.controller';
import { InteractionsService } from './interactions.service';

/** `POST /v1/interactions/check`: a thin controller in front of InteractionsService. */
@Module({
  imports: [KnowledgeBaseModule],
  controllers: [InteractionsController],
  providers: [InteractionsService],
  exports: [InteractionsService],
})
export class InteractionsModule {}
