import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { KEY_EVENTS_CHANNEL, type DatabaseLocation, parseKeyEvent } from '@vigil/db';
import { DATABASE_LOCATION, PgChannelListener } from '@vigil/platform';
import { CdsClientDirectory } from '../cds-hooks/cds-client.directory';
import { ApiKeyPrincipalService } from './api-key-principal.service';

/** Evicts cached key principals within milliseconds of a key/account change committing (LISTEN/NOTIFY). */
@Injectable()
export class KeyEventsListener implements OnModuleInit, OnApplicationShutdown {
  private readonly listener: PgChannelListener;

  constructor(@Inject(DATABASE_LOCATION) location: DatabaseLocation, principals: ApiKeyPrincipalService, cdsClients: CdsClientDirectory) {
    this.listener = new PgChannelListener(() => location.url, KEY_EVENTS_CHANNEL, {
      onMessage: (payload) => {
        const event = parseKeyEvent(payload);
        principals.evict(event);
        cdsClients.evict(event);
      },
      // Anything may have changed while we were not listening.
      onConnected: () => {
        principals.clear();
        cdsClients.clear();
      },
    });
  }

  onModuleInit(): Promise<void> {
    return this.listener.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.listener.stop();
  }
}
