import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/ui/PageHeader';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-error';
import { useBlogs } from '../api/get-blogs';
import type { BlogListItem } from '@inkprint/contracts';
import { formatDate } from '../posts';
import { useDocumentTitle } from '../../../lib/document-title';

function PostCard({ post }: { post: BlogListItem }) {
  return (
    <Card
      elevation={0}
      component="article"
      sx={{ height: '100%', borderRadius: 4, border: 1, borderColor: 'rgba(27,42,74,0.08)' }}
    >
      <CardActionArea
        component={RouterLink}
        to={paths.blog(post.slug)}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        {post.coverImage?.src ? (
          <Box
            component="img"
            src={post.coverImage.src}
            alt={post.coverImage.alt ?? ''}
            loading="lazy"
            sx={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block', bgcolor: '#e7ebf5' }}
          />
        ) : (
          <Box
            aria-hidden="true"
            sx={{ width: '100%', aspectRatio: '16 / 9', background: 'linear-gradient(135deg, #1b2a4a, #2f4676)' }}
          />
        )}
        <CardContent sx={{ p: 3 }}>
          <Typography component="time" dateTime={post.updatedAt} variant="body2" color="text.secondary">
            {formatDate(post.updatedAt)}
          </Typography>
          <Typography component="h2" variant="h6" sx={{ mt: 0.5, fontWeight: 750, lineHeight: 1.3 }}>
            {post.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {post.summary}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export default function BlogListPage() {
  useDocumentTitle('Blog');
  const blogs = useBlogs();
  return (
    <>
      <PageHeader eyebrow="Blog" title="Notes on AI writing, detection and voice">
        Research notes, product updates and practical guides from the Inkprint team.
      </PageHeader>
      <Container maxWidth="lg" sx={{ pb: { xs: 8, md: 12 } }}>
        {blogs.isPending && (
          <Grid container spacing={3} role="status" aria-label="Loading posts">
            {[0, 1, 2].map((i) => (
              <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
                <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto', borderRadius: 4 }} />
                <Skeleton variant="text" width="30%" sx={{ mt: 2 }} />
                <Skeleton variant="text" height={32} />
                <Skeleton variant="text" />
              </Grid>
            ))}
          </Grid>
        )}
        {blogs.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => blogs.refetch()} disabled={blogs.isFetching}>
                Try again
              </Button>
            }
          >
            <strong>We couldn’t reach the blog service.</strong> {errorMessage(blogs.error, 'Failed to load blogs')}
          </Alert>
        )}
        {blogs.isSuccess && blogs.data.length === 0 && (
          <Paper
            elevation={0}
            sx={{ p: 6, textAlign: 'center', borderRadius: 4, border: 1, borderColor: 'rgba(27,42,74,0.08)' }}
          >
            <Typography component="h2" variant="h5">
              No posts yet
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              Our first articles are on their way. Check back soon.
            </Typography>
          </Paper>
        )}
        {blogs.isSuccess && blogs.data.length > 0 && (
          <Grid container spacing={3}>
            {blogs.data.map((post) => (
              <Grid key={post.slug} size={{ xs: 12, sm: 6, md: 4 }}>
                <PostCard post={post} />
              </Grid>
            ))}
          </Grid>
        )}
      </Container>
    </>
  );
}
