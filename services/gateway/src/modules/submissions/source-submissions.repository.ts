import type { AdminSubmissionListQuery } from '@app/contracts';
import type { Prisma, PrismaClient } from '@app/db';
import { adminDatasourceInclude, type DatasourceWrite } from '../datasources/datasources.repository.ts';

export type SourceSubmissionsRepository = ReturnType<typeof createSourceSubmissionsRepository>;

const submissionInclude = { topic: true, user: true } as const;
/** A submission with its topic and submitter (source-submission.mapper.ts writes the answer). */
export type SubmissionRow = Prisma.SourceSubmissionGetPayload<{ include: typeof submissionInclude }>;

/** source_submissions: users' source suggestions and the admin's review of them. */
export function createSourceSubmissionsRepository(prisma: PrismaClient) {
  return {
    /** false when this user already submitted the URL (unique user + url). */
    async create(row: {
      userId: string;
      topicId: string | null;
      topicCustom: string | null;
      platform: string;
      platformCustom: string | null;
      url: string;
    }): Promise<boolean> {
      const { count } = await prisma.sourceSubmission.createMany({ data: [row], skipDuplicates: true });
      return count === 1;
    },

    /** One page's rows, newest first, and how many there are in all. */
    async list({ status, page, limit }: AdminSubmissionListQuery) {
      const where: Prisma.SourceSubmissionWhereInput = status === 'all' ? {} : { status };
      const [rows, total] = await Promise.all([
        prisma.sourceSubmission.findMany({
          where,
          include: submissionInclude,
          orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
          skip: (page - 1) * limit,
          take: limit,
        }),
        prisma.sourceSubmission.count({ where }),
      ]);
      return { rows, total };
    },

    find: (id: string) => prisma.sourceSubmission.findUnique({ where: { id }, include: submissionInclude }),

    /**
     * Creates the datasource and marks the submission approved in one transaction; the
     * status guard makes a second concurrent approval fail instead of creating twice.
     */
    async approve(id: string, reviewerId: string, datasource: DatasourceWrite, note: string | null) {
      return prisma.$transaction(async (tx) => {
        const { count } = await tx.sourceSubmission.updateMany({
          where: { id, status: 'pending' },
          data: { status: 'approved', reviewedById: reviewerId, reviewedAt: new Date(), reviewNote: note },
        });
        if (count === 0) return null;
        const created = await tx.datasource.create({ data: datasource, include: adminDatasourceInclude });
        const submission = await tx.sourceSubmission.findUniqueOrThrow({
          where: { id },
          include: submissionInclude,
        });
        return { submission, datasource: created };
      });
    },

    async reject(id: string, reviewerId: string, note: string | null) {
      const { count } = await prisma.sourceSubmission.updateMany({
        where: { id, status: 'pending' },
        data: { status: 'rejected', reviewedById: reviewerId, reviewedAt: new Date(), reviewNote: note },
      });
      return count > 0;
    },
  };
}
