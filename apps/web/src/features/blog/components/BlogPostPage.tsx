import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { ArrowBackIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useBlog } from '../api/get-blog';
import { formatDate } from '../posts';
import { useDocumentTitle } from '../../../lib/document-title';

function BackLink() {
  return (
    <Button component={RouterLink} to={paths.blogs} startIcon={<ArrowBackIcon />} sx={{ ml: -1, mb: 3 }}>
      All posts
    </Button>
  );
}

export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = useBlog(slug);
  const notFound = post.error instanceof ApiError && post.error.status === 404;
  useDocumentTitle(post.data?.title ?? (notFound ? 'Post not found' : 'Blog'));

  return (
    <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
      <BackLink />
      {post.isPending && (
        <Box role="status" aria-label="Loading post">
          <Skeleton variant="text" width="25%" />
          <Skeleton variant="text" height={56} />
          <Skeleton variant="text" height={56} width="70%" />
          <Skeleton variant="rounded" height={260} sx={{ mt: 3 }} />
        </Box>
      )}
      {notFound && (
        <Paper
          elevation={0}
          sx={{
            p: { xs: 4, md: 6 },
            textAlign: 'center',
            borderRadius: 4,
            border: 1,
            borderColor: 'rgba(27,42,74,0.08)',
          }}
        >
          <Typography variant="h4" component="h1">
            That story has moved
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>
            The post may have been renamed or unpublished.
          </Typography>
          <Button component={RouterLink} to={paths.blogs} variant="contained" sx={{ mt: 3 }}>
            Browse blogs
          </Button>
        </Paper>
      )}
      {post.isError && !notFound && (
        <Alert
          severity="error"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" onClick={() => post.refetch()} disabled={post.isFetching}>
                Try again
              </Button>
              <Button color="inherit" size="small" component={RouterLink} to={paths.blogs}>
                Browse blogs
              </Button>
            </Stack>
          }
          sx={{ flexWrap: 'wrap' }}
        >
          <strong>We couldn’t load this post</strong> {errorMessage(post.error, 'Failed to load blog')}
        </Alert>
      )}
      {post.isSuccess && (
        <Box component="article">
          <Typography component="time" dateTime={post.data.updatedAt} color="text.secondary">
            {formatDate(post.data.updatedAt)}
          </Typography>
          <Typography variant="h3" component="h1" sx={{ mt: 1, fontSize: { xs: 32, md: 44 } }}>
            {post.data.title}
          </Typography>
          {(post.data.description || post.data.summary) && (
            <Typography color="text.secondary" sx={{ mt: 2, fontSize: 20 }}>
              {post.data.description || post.data.summary}
            </Typography>
          )}
          <Box
            className="blog-body"
            // The post body is HTML written by the Inkprint team in the admin console.
            dangerouslySetInnerHTML={{ __html: post.data.html }}
            sx={{
              mt: 4,
              fontSize: 18,
              lineHeight: 1.75,
              '& h2': { fontSize: 28, mt: 5, mb: 1.5, lineHeight: 1.25 },
              '& h3': { fontSize: 22, mt: 4, mb: 1 },
              '& img': { maxWidth: '100%', height: 'auto', borderRadius: 3 },
              '& a': { color: 'primary.light' },
              '& blockquote': {
                m: 0,
                my: 3,
                pl: 3,
                borderLeft: '4px solid',
                borderColor: 'secondary.main',
                color: 'text.secondary',
              },
              '& pre': { overflowX: 'auto', p: 2, bgcolor: '#eef1f8', borderRadius: 2 },
            }}
          />
          <Divider sx={{ my: 5 }} />
          <Box component="footer">
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              justifyContent="space-between"
              alignItems={{ sm: 'center' }}
            >
              <Typography color="text.secondary">
                Written by the Inkprint team. Last updated {formatDate(post.data.updatedAt)}.
              </Typography>
              <Button component={RouterLink} to={paths.blogs} variant="outlined">
                More posts
              </Button>
            </Stack>
          </Box>
        </Box>
      )}
    </Container>
  );
}
