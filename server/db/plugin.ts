import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from './client';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    db: DatabaseHandle['db'];
  }
}

export interface DatabasePluginOptions {
  database: DatabaseHandle;
  /** The app owns the database: `app.close()` closes it after every capability has finished with it. */
  ownsDatabase?: boolean;
}

/** The database handle (`app.database`) and its Kysely instance (`app.db`). */
async function databasePlugin(app: FastifyInstance, options: DatabasePluginOptions): Promise<void> {
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  // Fastify runs the onClose hooks of plugins registered before the capabilities after theirs: the
  // billing job and the greeting threads finish their last queries before the database goes away.
  if (options.ownsDatabase) app.addHook('onClose', async () => options.database.close());
}

export default fp(databasePlugin, { name: 'database', fastify: '5.x' });
